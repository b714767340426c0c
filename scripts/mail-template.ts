// npm run mail:template: compiles the mails' MJML template (server/mail/mail-template.mjml.ts)
// into server/mail/mail-template.compiled.json, the HTML pieces the app fills for each mail.
// Run it after changing the template; test/mail-template.test.ts fails while the two differ.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { compileMailTemplate } from '../server/mail/mail-template.mjml.js';

const file = fileURLToPath(new URL('../server/mail/mail-template.compiled.json', import.meta.url));
writeFileSync(file, `${JSON.stringify(await compileMailTemplate(), null, 2)}\n`);
console.log(`Plantilla de los correos compilada en ${file}`);
