// 'Tus datos': the fan takes away everything we hold about them (GET /api/profile/export), as a
// JSON file downloaded without leaving the page.
import { useState } from 'react';
import { FormStatus, StatusRegion } from '@/components/FormStatus';
import { Loading } from '@/components/Loading';
import { TitledSection } from '@/components/TitledSection';
import { ApiError } from '@/lib/api';
import { saveFile } from '@/lib/saveFile';
import { downloadOwnData } from '../queries';

const EXPORT_FAILED = 'No se han podido preparar tus datos. Inténtalo de nuevo.';

type State = 'idle' | 'preparing' | 'done' | 'failed';

export function DataExportSection() {
  const [state, setState] = useState<State>('idle');
  const [failure, setFailure] = useState('');

  async function download() {
    setState('preparing');
    try {
      const { blob, fileName } = await downloadOwnData();
      saveFile(blob, fileName);
      setState('done');
    } catch (caught) {
      // Too many downloads is the one refusal worth its own words; anything else is a retry.
      const tooMany = caught instanceof ApiError && caught.status === 429;
      setFailure(tooMany ? caught.message : EXPORT_FAILED);
      setState('failed');
    }
  }

  return (
    <TitledSection className="profile-section" title="Tus datos" aria-busy={state === 'preparing'}>
      <p className="profile-hint">
        Un archivo JSON con todo lo que guardamos de ti: tu cuenta, tus gustos, tus likes y
        valoraciones, tus recomendaciones con su explicación, los emails que te hemos enviado y tus
        sesiones.
      </p>
      <div className="profile-actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={state === 'preparing'}
          onClick={() => void download()}
        >
          Descargar mis datos
        </button>
      </div>
      {state === 'preparing' && (
        <Loading className="profile-loading">Preparando tus datos...</Loading>
      )}
      <StatusRegion
        message={
          state === 'done' ? { kind: 'success', text: 'Tus datos se han descargado.' } : null
        }
      />
      {state === 'failed' && <FormStatus kind="error">{failure}</FormStatus>}
    </TitledSection>
  );
}
