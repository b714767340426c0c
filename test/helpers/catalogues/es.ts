import messages from '../../../common/i18n/es.json';
import { parsed } from './parsed';

export default parsed(messages);
