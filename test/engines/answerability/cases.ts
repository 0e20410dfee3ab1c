/** Hand-made answerability cases on a made-up "filekit" library (not from any benchmark). */
export const FILEKIT_APIS = [
  'read_csv(path: str, delimiter: str = ","): Reads a CSV file into a table of rows.',
  'download(url: str, timeout: float = 10.0): Downloads the content at an HTTP URL and returns its bytes.',
  'cycle(source, count: int = None): Repeats the items of the source the given number of times.',
];

export const ANSWERABLE = 'Download the web page at this URL and give me its bytes.';
export const PARTIAL = 'Download the web page at this URL. Then, encrypt it with AES and sign it with my secret key.';
export const UNANSWERABLE = 'Encrypt the message with AES and sign it with my secret key.';
