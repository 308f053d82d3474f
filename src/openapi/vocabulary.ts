// The keywords JSON Schema (draft 2020-12, and draft 4 under OpenAPI 3.0) defines as checks. One
// the importer does not read leaves a check out: the document is refused unless `--lenient`.
// Any other unread keyword (a vendor's `x-`-less extension, a typo) is an annotation, as JSON
// Schema says of unknown keywords: a warning names it, and nothing is weaker for it.
export const ASSERTING_KEYWORDS: ReadonlySet<string> = new Set([
  // core: references and dynamic scope
  '$ref', '$dynamicRef', '$dynamicAnchor', '$anchor', '$id', '$vocabulary',
  // applicators
  'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else', 'dependentSchemas', 'prefixItems', 'items', 'contains',
  'properties', 'patternProperties', 'additionalProperties', 'propertyNames', 'additionalItems', 'dependencies',
  // unevaluated
  'unevaluatedItems', 'unevaluatedProperties',
  // validation
  'type', 'enum', 'const', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'maxContains', 'minContains',
  'maxProperties', 'minProperties', 'required', 'dependentRequired', 'format',
]);
