/** A blob as a `data:` URL, for image previews that need no cleanup (unlike object URLs). */
export function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el archivo'));
    reader.readAsDataURL(blob);
  });
}

/** Hands a downloaded file to the browser under `filename`. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Opens the file `load` downloads (a PDF, an image) in a new tab. The tab is opened before the
 * download, while the click still counts as the user's (a tab opened after an await is blocked as a
 * pop-up); a failed download closes it again.
 */
export async function openBlobInTab(load: () => Promise<Blob>) {
  const tab = window.open('', '_blank');
  try {
    const url = URL.createObjectURL(await load());
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    // The tab has read it by then; the URL would otherwise hold the file in memory until the app closes.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
