/** A configuration problem the user must fix; its message is one line, ready to print. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A settings file that cannot be used: unreadable, invalid JSON, or a wrong value. */
export class SettingsError extends ConfigError {
  constructor(
    message: string,
    /** The file at fault. */
    readonly file?: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}
