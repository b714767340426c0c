import messages from '../../../../common/i18n/admin/ca.json';
import { parsed } from '../parsed';

export default parsed(messages);
