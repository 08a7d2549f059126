// Saving a file the server answered (an export) under its name, without leaving the page.

export function downloadFile(data: Uint8Array, contentType: string, filename: string): void {
  // A copy into a fresh ArrayBuffer: the message's bytes may be a view into a larger buffer.
  const blob = new Blob([data.slice().buffer], { type: contentType || "application/octet-stream" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
