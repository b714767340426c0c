/**
 * A small, real Web Storage (sessionStorage/localStorage) kept in memory, for client modules run
 * under jest's node environment. `broken` makes every call throw, like a browser in private mode or
 * with a full quota.
 */
export class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  broken = false;

  get length(): number {
    return this.items.size;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string): string | null {
    this.check();
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.check();
    this.items.set(key, String(value));
  }
  removeItem(key: string): void {
    this.check();
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
  private check() {
    if (this.broken) throw new DOMException('Storage is not available', 'SecurityError');
  }
}

/** Installs a fresh storage as `globalThis[name]` and returns it. */
export function installStorage(name: 'sessionStorage' | 'localStorage'): MemoryStorage {
  const storage = new MemoryStorage();
  Object.defineProperty(globalThis, name, { value: storage, configurable: true, writable: true });
  return storage;
}
