// Saves a file the page fetched with the session (a PDF) the way a download link would.
export const saveFile = (file: { readonly blob: Blob; readonly filename: string }): void => {
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement("a")
  link.href = url
  link.download = file.filename
  document.body.append(link)
  link.click()
  link.remove()
  // The click has started the download; the URL can go once it has been read.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
