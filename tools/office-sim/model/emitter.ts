/** A minimal synchronous event emitter; a listener that throws does not stop the others. */
export class Emitter<T> {
  private readonly listeners = new Set<(event: T) => void>();

  on(listener: (event: T) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error("office-sim: an event listener failed", error);
      }
    }
  }
}
