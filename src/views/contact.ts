// The chat-messaging contact: a floating button and the 404 page open a WhatsApp chat with {phone}. The
// number is build configuration (VITE_CONTACT_PHONE), defaulting to the server's CONTACT_PHONE default,
// so one build can be pointed at another support line.
export const contactPhone: string = (import.meta.env.VITE_CONTACT_PHONE as string | undefined)?.replace(/\D/g, "") || "6281200000000"

/** A wa.me link to the contact, optionally with a prefilled message. */
export const whatsappUrl = (text?: string, phone: string = contactPhone): string =>
  `https://wa.me/${phone}${text ? `?text=${encodeURIComponent(text)}` : ""}`
