// The scan-request mails: to staff when a request arrives, to the requester as its confirmation and at
// each change of state. The requester's are in the language they wrote the request in; staff's in
// English. Every value a requester typed is escaped in the HTML part and never reaches a subject line.
// A visitor's confirmation goes to an address nobody has confirmed: anyone can make us mail any
// address with it, so it carries nothing they typed (diagnosis, notes, addresses, contact), only the
// reference and the choices from our own lists; staff's mail has everything.
import type { Locale } from "../../src/contract/auth.ts"
import type { ReceivingLab, ScanRequest, ScanState, SubmittedScanRequest } from "../../src/contract/scan-requests.ts"
import { publicPages as enPages } from "../../src/i18n/en/public.ts"
import { publicPages as idPages } from "../../src/i18n/id/public.ts"
import type { MailContent } from "./templates.ts"

/** Where to send the slides and how to pack them: the confirmation page's words (one text for both). */
const shippingWords = { en: enPages.requestScan.shipping, id: idPages.requestScan.shipping }

interface Words {
  readonly fields: {
    readonly reference: string
    readonly preparations: string
    readonly diagnosis: string
    readonly section: string
    readonly stain: string
    readonly magnification: string
    readonly notes: string
    readonly returnSlides: string
    readonly returnAddress: string
    readonly contact: string
    readonly account: string
  }
  readonly yes: string
  readonly no: string
  readonly visitor: string
  readonly confirmation: {
    readonly subject: (ref: string) => string
    readonly lead: string
    readonly next: string
    readonly track: string
    /** A visitor's confirmation: why what they typed is not in it, and what to do if it was not them. */
    readonly withheld: string
    readonly notYou: string
  }
  readonly states: Record<
    Exclude<ScanState, "received">,
    { readonly subject: (ref: string) => string; readonly lead: (folder: string) => string }
  >
  readonly action: string
}

const words: Record<Locale, Words> = {
  en: {
    fields: {
      reference: "Reference",
      preparations: "Number of preparations",
      diagnosis: "Diagnosis",
      section: "Section",
      stain: "Slide stain",
      magnification: "Magnification",
      notes: "Notes",
      returnSlides: "Return of slides",
      returnAddress: "Return address",
      contact: "Contact",
      account: "Account"
    },
    yes: "Yes",
    no: "No",
    visitor: "none (sent without signing in)",
    confirmation: {
      subject: (ref) => `We received your scan request ${ref}`,
      lead: "Thank you. We received your request to scan these slides:",
      next: "Send or bring the glass slides to our lab; we tell you when they arrive and when the scans are ready.",
      track: "Follow your request in Preparat:",
      withheld: "The details you typed (diagnosis, notes, addresses, contact) are not repeated in this mail; our staff have received them.",
      notYou: "If you did not send this request, you can ignore this mail."
    },
    states: {
      scanning: {
        subject: (ref) => `Your slides are being scanned (${ref})`,
        lead: () => "Your slides arrived and are being scanned now."
      },
      uploaded: {
        subject: (ref) => `Your scans are ready (${ref})`,
        lead: (folder) => `The scans of your slides are in Preparat, in the folder "${folder}".`
      },
      returned: {
        subject: (ref) => `Your slides are on their way back (${ref})`,
        lead: () => "We sent your glass slides back to the return address."
      }
    },
    action: "Open my scan requests"
  },
  id: {
    fields: {
      reference: "Nomor referensi",
      preparations: "Jumlah preparat",
      diagnosis: "Diagnosis",
      section: "Jenis potongan",
      stain: "Pewarnaan preparat",
      magnification: "Perbesaran",
      notes: "Catatan",
      returnSlides: "Pengembalian preparat",
      returnAddress: "Alamat pengembalian",
      contact: "Kontak",
      account: "Akun"
    },
    yes: "Ya",
    no: "Tidak",
    visitor: "tidak ada (dikirim tanpa masuk)",
    confirmation: {
      subject: (ref) => `Permintaan pemindaian ${ref} telah kami terima`,
      lead: "Terima kasih. Kami telah menerima permintaan Anda untuk memindai preparat berikut:",
      next: "Kirim atau antarkan kaca preparat ke laboratorium kami; kami memberi tahu Anda saat preparat tiba dan saat hasil pindaian siap.",
      track: "Pantau permintaan Anda di Preparat:",
      withheld: "Rincian yang Anda ketik (diagnosis, catatan, alamat, kontak) tidak kami ulangi di email ini; staf kami telah menerimanya.",
      notYou: "Jika Anda tidak mengirim permintaan ini, abaikan email ini."
    },
    states: {
      scanning: {
        subject: (ref) => `Preparat Anda sedang dipindai (${ref})`,
        lead: () => "Preparat Anda telah tiba dan sedang dipindai."
      },
      uploaded: {
        subject: (ref) => `Hasil pindaian Anda siap (${ref})`,
        lead: (folder) => `Hasil pindaian preparat Anda ada di Preparat, di folder "${folder}".`
      },
      returned: {
        subject: (ref) => `Preparat Anda sedang dikirim kembali (${ref})`,
        lead: () => "Kami telah mengirim kembali kaca preparat Anda ke alamat pengembalian."
      }
    },
    action: "Buka permintaan pemindaian saya"
  }
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The request as label: value lines, in `locale`. */
const summary = (locale: Locale, r: ScanRequest): ReadonlyArray<readonly [string, string]> => {
  const w = words[locale]
  const contact = [r.contact.name, r.contact.email, r.contact.phone].filter((v): v is string => v !== null && v !== "").join(", ")
  return [
    [w.fields.reference, r.reference],
    [w.fields.preparations, String(r.preparations)],
    [w.fields.diagnosis, r.diagnosis],
    [w.fields.section, r.section.name],
    [w.fields.stain, r.stain.name],
    [w.fields.magnification, r.magnification],
    ...(r.notes === "" ? [] : [[w.fields.notes, r.notes] as const]),
    [w.fields.returnSlides, r.return_slides ? w.yes : w.no],
    ...(r.return_slides && r.return_address !== null ? [[w.fields.returnAddress, r.return_address] as const] : []),
    [w.fields.contact, contact]
  ]
}

/** Only what the requester chose from our lists, never what they typed: for an unconfirmed address. */
const choicesOnly = (locale: Locale, r: ScanRequest): ReadonlyArray<readonly [string, string]> => {
  const w = words[locale]
  return [
    [w.fields.reference, r.reference],
    [w.fields.preparations, String(r.preparations)],
    [w.fields.section, r.section.name],
    [w.fields.stain, r.stain.name],
    [w.fields.magnification, r.magnification],
    [w.fields.returnSlides, r.return_slides ? w.yes : w.no]
  ]
}

const page = (paragraphs: ReadonlyArray<string>) => `<!doctype html>
<html><body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;line-height:1.5;max-width:560px;margin:0 auto;padding:24px">
${paragraphs.join("\n")}
<p>Preparat</p>
</body></html>`

const table = (rows: ReadonlyArray<readonly [string, string]>) =>
  `<table style="border-collapse:collapse;font-size:14px">${rows
    .map(
      ([label, value]) =>
        `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#4b5563;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`
    )
    .join("")}</table>`

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#2563eb;color:#fff;text-decoration:none;padding:10px 18px;border-radius:6px">${escapeHtml(label)}</a></p>`

const lines = (rows: ReadonlyArray<readonly [string, string]>) => rows.map(([label, value]) => `${label}: ${value}`)

/**
 * Where the slides go (the configured lab), the reference to write on the parcel and how to pack
 * it, as text lines and as HTML. The address is ours, not the requester's, so a visitor's mail has it too.
 */
const shipping = (locale: Locale, reference: string, lab: ReceivingLab) => {
  const w = shippingWords[locale]
  const steps = [w.packing.mailer, w.packing.padding, w.packing.dry, w.packing.reference]
  const text = [
    w.title,
    "",
    ...lab.address.split("\n"),
    `${w.hours}: ${lab.hours}`,
    `${w.parcel}: ${reference}`,
    "",
    `${w.packingTitle}:`,
    ...steps.map((step, i) => `${i + 1}. ${step}`)
  ]
  const html = [
    `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(w.title)}</h2>`,
    table([
      [w.address, lab.address],
      [w.hours, lab.hours],
      [w.parcel, reference]
    ]),
    `<p style="margin:16px 0 4px;font-weight:600">${escapeHtml(w.packingTitle)}</p>`,
    `<ol style="margin:0;padding-left:20px">${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join("")}</ol>`
  ]
  return { text, html }
}

/** To staff: everything in the request, and the staff page. */
export const staffScanRequestMail = (r: ScanRequest, staffPage: string): MailContent => {
  const w = words.en
  const rows = [...summary("en", r), [w.fields.account, r.user_id === null ? w.visitor : r.contact.email] as const]
  const lead = `A new scan request ${r.reference} arrived: ${r.preparations} preparation${r.preparations === 1 ? "" : "s"}.`
  return {
    subject: `New scan request ${r.reference}`,
    text: [lead, "", ...lines(rows), "", staffPage, "", "Preparat"].join("\n"),
    html: page([`<p>${escapeHtml(lead)}</p>`, table(rows), button(staffPage, "Open the scan requests")])
  }
}

/**
 * To the requester: what we received and what happens next; a signed-in user also gets the way to
 * their list. A visitor's (no account: `user_id` null, an address nobody confirmed) leaves out what
 * they typed. Both say where to send the slides and how to pack them.
 */
export const scanRequestConfirmationMail = (locale: Locale, r: SubmittedScanRequest, myRequests: string | null): MailContent => {
  const w = words[locale]
  const visitor = r.user_id === null
  const rows = visitor ? choicesOnly(locale, r) : summary(locale, r)
  const after = visitor ? [w.confirmation.withheld, w.confirmation.notYou] : []
  const sendTo = shipping(locale, r.reference, r.send_to)
  return {
    subject: w.confirmation.subject(r.reference),
    text: [
      w.confirmation.lead,
      "",
      ...lines(rows),
      "",
      w.confirmation.next,
      "",
      ...sendTo.text,
      ...after.flatMap((line) => ["", line]),
      ...(myRequests === null ? [] : ["", w.confirmation.track, myRequests]),
      "",
      "Preparat"
    ].join("\n"),
    html: page([
      `<p>${escapeHtml(w.confirmation.lead)}</p>`,
      table(rows),
      `<p>${escapeHtml(w.confirmation.next)}</p>`,
      ...sendTo.html,
      ...after.map((line) => `<p style="font-size:13px;color:#4b5563">${escapeHtml(line)}</p>`),
      ...(myRequests === null ? [] : [button(myRequests, w.action)])
    ])
  }
}

/** To the requester when staff move the request on. */
export const scanStateMail = (
  locale: Locale,
  r: ScanRequest,
  state: Exclude<ScanState, "received">,
  myRequests: string | null
): MailContent => {
  const w = words[locale]
  const s = w.states[state]
  const lead = s.lead(r.folder_name ?? "")
  const reference = `${w.fields.reference}: ${r.reference}`
  return {
    subject: s.subject(r.reference),
    text: [lead, "", reference, ...(myRequests === null ? [] : ["", myRequests]), "", "Preparat"].join("\n"),
    html: page([
      `<p>${escapeHtml(lead)}</p>`,
      `<p style="font-size:13px;color:#4b5563">${escapeHtml(reference)}</p>`,
      ...(myRequests === null ? [] : [button(myRequests, w.action)])
    ])
  }
}
