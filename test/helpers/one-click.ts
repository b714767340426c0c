// RFC 8058 one-click unsubscribe, as a mail client does it: a form POST to the address of the
// mail's List-Unsubscribe header.
import type { Express } from 'express';
import type { ParsedMail } from 'mailparser';
import request from 'supertest';
import { headerOf } from './smtp-sink.js';

/** The address in the mail's List-Unsubscribe header. */
export const oneClickUrlOf = (mail: ParsedMail) =>
  new URL(headerOf(mail, 'list-unsubscribe')!.replace(/^<|>$/g, ''));

/** The mail client's POST to a one-click address. */
export const postOneClick = (app: Express, url: URL) =>
  request(app).post(`${url.pathname}${url.search}`).type('form').send('List-Unsubscribe=One-Click');
