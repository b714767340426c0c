import messages from '../../../common/i18n/ca.json';
import { parsed } from './parsed';

export default parsed(messages);
