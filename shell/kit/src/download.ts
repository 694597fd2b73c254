/** Starts the browser's download of url (a signed job result or an object URL) as filename. */
export function downloadUrl(url: string, filename = ''): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
