// "This slide's chat was read here": the slide page says so when its chat tab is on screen, and the
// bell takes that slide's chat notifications off (the server has already marked them read). A DOM
// event, since the two live in different parts of the tree and share nothing else.
const EVENT = "preparat:chat-read"

export const announceChatRead = (labId: string): void => {
  window.dispatchEvent(new CustomEvent<string>(EVENT, { detail: labId }))
}

export const onChatRead = (listener: (labId: string) => void): (() => void) => {
  const handle = (event: Event) => listener((event as CustomEvent<string>).detail)
  window.addEventListener(EVENT, handle)
  return () => window.removeEventListener(EVENT, handle)
}
