// OpenAPI in: a document (3.0 or 3.1, YAML or JSON) read into a surface value, with warnings.
export { loadDocument, isDocumentPath, OpenApiLoadError, type LoadedDocument, type OpenApiDocument } from './load-document.js';
export { importSurface, type ImportedSurface, type ImportedOperation } from './import-surface.js';
export { warningLine, type ImportWarning } from './warnings.js';
export { surfaceSource, type SourceOptions } from './surface-source.js';
export { documentWarnings, weakerChecks, type WeakerCheck } from './weaker-checks.js';
