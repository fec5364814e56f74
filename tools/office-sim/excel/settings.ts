/** Excel.SettingCollection and Setting: key/value pairs saved with the workbook (values JSON-serialised). */
import { invalidArgument, itemNotFound } from "../model/host-error";
import { ClientObject, bytesOf, defineProperties, resultOf, type ClientResult } from "./client-object";
import { ClientCollection } from "./collection";
import { type RequestContext } from "./request-context";
import { type AppTarget } from "./targets";

interface SettingTarget extends AppTarget {
  key: string;
}

const stored = (value: unknown): unknown => {
  if (value === undefined) throw invalidArgument("A setting's value cannot be undefined.");
  return JSON.parse(JSON.stringify(value)) as unknown;
};

function existing(t: SettingTarget): SettingTarget {
  if (!t.app.workbook.settings.has(t.key)) throw itemNotFound(`There is no setting "${t.key}".`);
  return t;
}

export class Setting extends ClientObject<SettingTarget> {
  constructor(context: RequestContext, resolver: () => SettingTarget | null, found?: { target: SettingTarget }) {
    super(context, "Setting", resolver, found);
  }

  delete(): void {
    this._enqueue("delete", 0, () => {
      const t = this._require();
      t.app.workbook.settings.delete(t.key);
    });
  }
}

defineProperties<SettingTarget>(Setting, {
  key: { get: (t) => t.key },
  value: {
    get: (t) => existing(t).app.workbook.settings.get(t.key),
    set: (t, value) => void t.app.workbook.settings.set(t.key, stored(value)),
  },
});

export class SettingCollection extends ClientCollection<AppTarget, SettingTarget, Setting> {
  constructor(context: RequestContext, resolver: () => AppTarget | null) {
    super(context, "SettingCollection", resolver);
  }

  _itemTargets(t: AppTarget): SettingTarget[] {
    return [...t.app.workbook.settings.keys()].map((key) => ({ app: t.app, key }));
  }

  _makeItem(target: SettingTarget): Setting {
    return new Setting(this._context, () => target, { target });
  }

  add(key: string, value: unknown): Setting {
    this._enqueue(
      "add",
      bytesOf(key) + bytesOf(value),
      () => void this._require().app.workbook.settings.set(key, stored(value)),
    );
    return this.getItem(key);
  }

  getItem(key: string): Setting {
    return new Setting(this._context, () => {
      const t = this._t();
      return t === null ? null : existing({ app: t.app, key });
    });
  }

  getItemOrNullObject(key: string): Setting {
    return new Setting(this._context, () => {
      const t = this._t();
      return t !== null && t.app.workbook.settings.has(key) ? { app: t.app, key } : null;
    });
  }

  getCount(): ClientResult<number> {
    return resultOf(this, "getCount", () => this._require().app.workbook.settings.size);
  }
}
