// A configuration that cannot run: every problem at once, each named after its variable.

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuración no válida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}
