/**
 * Hands text to the user as a file: a Blob behind a temporary <a download>, the same in Electron
 * (which asks where to save) and in the browser. The object URL is let go once the click has
 * started the download.
 */
export function downloadText(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
