export const PRODUCT_NAME = 'Casa CRM';
