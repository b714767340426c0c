import messages from '../../../../common/i18n/admin/es.json';
import { parsed } from '../parsed';

export default parsed(messages);
