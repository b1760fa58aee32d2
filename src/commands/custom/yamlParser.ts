/**
 * The YAML library behind one module that commandTemplate.ts imports on
 * demand: a static import here lets the bundler resolve the library's
 * CommonJS exports, which a dynamic import('yaml') would leave on `default`.
 */
export { parse } from 'yaml';
