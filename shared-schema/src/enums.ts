// pt-PT enumerations: `as const` lists, zod enums and label maps, split by area.
export * from './enums/business';
export * from './enums/accounts';
export * from './enums/properties';
