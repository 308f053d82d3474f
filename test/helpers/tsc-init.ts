// The compiler options `tsc --init` writes (TypeScript 5.9), as a new user's project has them: the
// imported modules and the package test compile under these, declarations included.
export const TSC_INIT_OPTIONS = {
  module: 'nodenext', target: 'esnext', types: ['node'], sourceMap: true, declaration: true, declarationMap: true,
  noUncheckedIndexedAccess: true, exactOptionalPropertyTypes: true, strict: true, jsx: 'react-jsx', verbatimModuleSyntax: true,
  isolatedModules: true, noUncheckedSideEffectImports: true, moduleDetection: 'force', skipLibCheck: true,
} as const;
