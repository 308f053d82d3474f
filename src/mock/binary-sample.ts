// What the mock answers for a binary body with no example (`type: string, format: binary` under
// image/png, application/pdf, application/octet-stream...): a real file of that type where one is
// small (a 1x1 PNG or GIF, a one-page PDF), so a page showing the image or a client opening the file
// gets what it asked for, else a few bytes. decided: docs/mocking.md "Binary answers".

const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const GIF_1X1 = 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';
const PDF = '%PDF-1.0\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/MediaBox[0 0 3 3]/Parent 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n';

/** A sample file of the media type (`image/png`), or 16 bytes (0x00..0x0f) for a type with none here. */
export function binarySample(type: string): Buffer {
  switch (type.split(';')[0]!.trim().toLowerCase()) {
    case 'image/png': return Buffer.from(PNG_1X1, 'base64');
    case 'image/gif': return Buffer.from(GIF_1X1, 'base64');
    case 'application/pdf': return Buffer.from(PDF, 'latin1');
    default: return Buffer.from(Array.from({ length: 16 }, (_, i) => i));
  }
}
