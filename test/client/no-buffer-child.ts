// Run by no-buffer.test.ts in a process whose global Buffer is deleted before anything of api-serve
// loads (as in a browser page): predicts each request of ../client/no-buffer-cases.ts and prints
// the predictions as JSON lines.
delete (globalThis as { Buffer?: unknown }).Buffer;
const { predictions } = await import('./no-buffer-cases.js');
process.stdout.write(`${JSON.stringify({ buffer: typeof (globalThis as { Buffer?: unknown }).Buffer, predictions: await predictions() })}\n`);
