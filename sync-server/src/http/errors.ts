// The error type lives in lib/ so that db/ and features use it without depending on the HTTP layer.
export * from '../lib/errors';
