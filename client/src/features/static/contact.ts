export const CONTACT_EMAIL = 'hola@conciertosmallorca.com';
