/**
 * The last result of a computation and the inputs it came from: asked again with the same
 * inputs (compared with Object.is), it answers the same object. The layout's parts are
 * asked by several callers in one frame (the components, the keys, the frame writer); only
 * the first lays out.
 */
export class Memo<T> {
  private inputs: readonly unknown[] | undefined;
  private value: T | undefined;

  get(inputs: readonly unknown[], compute: () => T): T {
    const last = this.inputs;
    if (last && last.length === inputs.length && last.every((v, i) => Object.is(v, inputs[i])))
      return this.value as T;
    this.value = compute();
    this.inputs = inputs;
    return this.value;
  }
}
