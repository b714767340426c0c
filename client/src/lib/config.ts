import { createContext, useContext } from 'react';
import type { PublicConfigDto } from '@common/api/types';
import { apiFetch } from './api';

export const DEFAULT_CONFIG: PublicConfigDto = {
  googleEnabled: false,
  spotifyEnabled: false,
  bandsFormUrl: null,
  publicSiteUrl: null,
  publicUrl: null,
};

function readFlag(source: Record<string, unknown>, key: string): boolean {
  return source[key] === true;
}

/** Only absolute http(s) URLs are used as link targets. */
function readUrl(source: Record<string, unknown>, key: string): string | null {
  const value = source[key];
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Anything unexpected falls back to "off" / null, field by field. */
export function parseConfig(value: unknown): PublicConfigDto {
  if (typeof value !== 'object' || value === null) return DEFAULT_CONFIG;
  const source = value as Record<string, unknown>;
  return {
    googleEnabled: readFlag(source, 'googleEnabled'),
    spotifyEnabled: readFlag(source, 'spotifyEnabled'),
    bandsFormUrl: readUrl(source, 'bandsFormUrl'),
    publicSiteUrl: readUrl(source, 'publicSiteUrl'),
    publicUrl: readUrl(source, 'publicUrl'),
  };
}

/** The config the server injected into index.html, or null when there is none (vite dev server). */
export function readInjectedConfig(): PublicConfigDto | null {
  const tag = document.getElementById('app-config');
  if (!tag?.textContent) return null;
  try {
    return parseConfig(JSON.parse(tag.textContent));
  } catch (error) {
    console.error('La configuración inyectada no es JSON válido', error);
    return null;
  }
}

export async function loadConfig(signal?: AbortSignal): Promise<PublicConfigDto> {
  const injected = readInjectedConfig();
  if (injected) return injected;
  try {
    return parseConfig(await apiFetch<unknown>('/api/config', { signal }));
  } catch (error) {
    console.error('No se ha podido cargar la configuración', error);
    return DEFAULT_CONFIG;
  }
}

const AppConfigContext = createContext<PublicConfigDto>(DEFAULT_CONFIG);

/**
 * The runtime settings, for the whole app: the server renders them into every page
 * (`#app-config`) and passes them to its own render; they never change while it runs.
 */
export const AppConfigProvider = AppConfigContext.Provider;

export function useAppConfig(): PublicConfigDto {
  return useContext(AppConfigContext);
}

/** Where shared links point: PUBLIC_URL without its trailing slash, else this page's origin. */
export function usePublicUrl(): string {
  const { publicUrl } = useAppConfig();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (publicUrl ?? origin).replace(/\/+$/, '');
}
