// 'Tus datos': the fan takes away everything we hold about them (GET /api/profile/export), as a
// JSON file downloaded without leaving the page.
import { useState } from 'react';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { TitledSection } from '@/components/TitledSection';
import { ApiError } from '@/lib/api';
import { saveFile } from '@/lib/saveFile';
import { useText } from '@/i18n/IntlContext';
import { downloadOwnData } from '../shared/queries';

type State = 'idle' | 'preparing' | 'done' | 'failed';

export function DataExportSection() {
  const [state, setState] = useState<State>('idle');
  const [failure, setFailure] = useState('');
  const t = useText();

  async function download() {
    setState('preparing');
    try {
      const { blob, fileName } = await downloadOwnData();
      saveFile(blob, fileName);
      setState('done');
    } catch (caught) {
      // Too many downloads is the one refusal worth its own words; anything else is a retry.
      const tooMany = caught instanceof ApiError && caught.status === 429;
      setFailure(tooMany ? caught.message : t('export.failed'));
      setState('failed');
    }
  }

  return (
    <TitledSection
      className="profile-section"
      title={t('export.title')}
      aria-busy={state === 'preparing'}
    >
      <p className="profile-hint">{t('export.hint')}</p>
      <div className="profile-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={state === 'preparing'}
          onClick={() => void download()}
        >
          {t('export.download')}
        </button>
      </div>
      {state === 'preparing' && (
        <Loading className="profile-loading">{t('export.preparing')}</Loading>
      )}
      <StatusRegion
        message={state === 'done' ? { kind: 'success', text: t('export.done') } : null}
      />
      {state === 'failed' && <FormStatus kind="error">{failure}</FormStatus>}
    </TitledSection>
  );
}
