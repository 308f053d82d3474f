// The docs interpreter: a surface (never its handlers) -> doc model -> Markdown, OpenAPI 3.1 or HTML.
export { docModel, compareEndpoints, type DocModel, type DocEndpoint, type ModelOptions } from './model.js';
export { renderMarkdown } from './markdown.js';
export { renderOpenApi, openApiText, type OpenApiOptions } from './openapi.js';
export { renderHtml, type HtmlOptions } from './html.js';
export { parseIntro, IntroFileError, type DocIntro } from './intro.js';
export { exampleSites, mapExamples, addExamples, type ExampleSite } from './verification.js';
export type { DocExample, DocMedia, DocResponse, DocVerification, DocRecorded } from './model.js';
