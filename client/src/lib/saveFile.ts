/** Hands `blob` to the browser as a download named `fileName`, without leaving the page. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address only after click() returns: it is revoked a little later.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
