// Fake-data builders shared by the demo seed and the tests of every package. No Node APIs here:
// the web tests run them in the browser.
export * from './random';
export * from './dates';
export * from './people';
export * from './places';
export * from './blank';
export * from './round-trip';
export * from './clients';
export * from './activity';
export * from './round-trip-cases';
export * from './properties';
