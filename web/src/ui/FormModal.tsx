import { Button, Empty, Form, Modal, Skeleton, type FormInstance } from 'antd';
import { useId, useState, type ReactNode } from 'react';
import { checkForm, clearMarksOnChange, type SafeParser } from './checkForm';
import { toast } from '../base/toast';
import { useAskDiscard, useLeaveGuard } from './useLeaveGuard';

export interface FormModalProps<V extends object, P> {
  title: ReactNode;
  width?: number;
  /** The values the form opens with; undefined while they (or the field options) load. */
  initialValues: V | undefined;
  /** Pass one when the fields need the instance (`Form.useWatch`, `setFieldValue`). */
  form?: FormInstance<V>;
  /** The payload's domain schema (ARCHITECTURE convention 2), checked before anything is sent. */
  schema: SafeParser<P>;
  /** Form values → payload; the values as they are by default. */
  toPayload?: (values: V) => unknown;
  /** The payload wrapper the field names sit under, e.g. `['usuario']` for `{usuario: {...}}`. */
  at?: string[];
  /**
   * Sends the checked payload; resolves with the server's reply, whose message is toasted before
   * the popup closes. A rejection (already toasted by the query cache) keeps it open with the values.
   */
  onSave: (payload: P) => Promise<{ message: string }>;
  /** Shows the values without Guardar: view popups and VISUALIZADOR. */
  readOnly?: boolean;
  okText?: string;
  /** A one-field prompt ('Ingrese Nueva Marca:'): Enter in its text field saves, as a browser's prompt does. */
  enterGuarda?: boolean;
  /** Shown instead of the form when the record could not be loaded (e.g. deleted meanwhile). */
  loadError?: string;
  /** Above the form, e.g. an explanatory alert. */
  notice?: ReactNode;
  /** After a change by the user, e.g. to keep one of several rows marked as the main one. */
  onValuesChange?: (changed: Partial<V>) => void;
  /** When the schema refuses the values, e.g. to mark rows of a list field. */
  onInvalid?: () => void;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A register, view or modify popup's Guardar by its mode: a view shows the record without it, a
 * modification saves with 'Modificar', anything else (a new or copied record) with 'Registrar'.
 */
export const modoProps = (modo: string) => ({ readOnly: modo === 'ver', okText: modo === 'modificar' ? 'Modificar' : 'Registrar' });

/**
 * The form popup every screen uses: Cerrar and Guardar, the payload checked with its domain
 * schema (blank fields marked, the form-level message toasted once), Guardar busy while saving,
 * the popup kept open with its values when the save is refused, and a changed form never closed
 * (Cerrar, Escape, the mask, leaving the screen) without '¿Descartar los cambios?'. Enter in a
 * field never saves: a popup is saved only from its Guardar button, so a date picked with Enter
 * or a half-filled form is never sent.
 */
export function FormModal<V extends object, P>(props: FormModalProps<V, P>) {
  const { title, width = 520, initialValues, schema, toPayload, at, onSave, readOnly = false, okText = 'Guardar', enterGuarda = false } = props;
  const { loadError, notice, onValuesChange, onInvalid, onClose, children } = props;
  const [ownForm] = Form.useForm<V>();
  const form = props.form ?? ownForm;
  const [changed, setChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const release = useLeaveGuard(changed && !readOnly);
  const askDiscard = useAskDiscard();
  const clearMarks = clearMarksOnChange(form);
  const formId = useId();

  const close = async () => {
    if (changed && !readOnly && !(await askDiscard())) return;
    onClose();
  };

  const save = async () => {
    // `true`: every value, also those without a field (ids, versions).
    const values = form.getFieldsValue(true) as V;
    const payload = checkForm(schema, toPayload ? toPayload(values) : values, form, at);
    if (!payload) return onInvalid?.();
    setSaving(true);
    try {
      const reply = await onSave(payload);
      toast.success(reply.message);
      release();
      onClose();
    } catch {
      // Refused: the query cache showed the reason; the values stay to be corrected.
      setSaving(false);
    }
  };

  const body = loadError ? (
    <Empty description={loadError} />
  ) : initialValues ? (
    <Form<V>
      id={formId}
      form={form}
      layout="vertical"
      disabled={readOnly}
      initialValues={initialValues}
      onValuesChange={(values: Partial<V>) => {
        setChanged(true);
        clearMarks(values);
        onValuesChange?.(values);
      }}
      onFinish={() => void save()}
      // Enter never submits a popup (docs/architecture.md "Enter"): in a date picker it picks the
      // date, in a select the option, in a text field nothing; Guardar saves (clicked, or Enter on it).
      // A one-field prompt (`enterGuarda`) saves from its text field, whose value is the whole form.
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement)) return;
        const campoDeTexto = e.target.type === 'text' && !e.target.closest('.ant-picker, .ant-select');
        if (!(enterGuarda && campoDeTexto)) e.preventDefault();
      }}
    >
      {children}
    </Form>
  ) : (
    <Skeleton active paragraph={{ rows: 6 }} />
  );

  return (
    <Modal
      open
      width={width}
      title={title}
      onCancel={() => void close()}
      // The footer's Cerrar is the one close button (a corner X would be a second 'Cerrar').
      closable={false}
      footer={[
        <Button key="cerrar" onClick={() => void close()}>
          Cerrar
        </Button>,
        !readOnly && (
          <Button key="guardar" type="primary" htmlType="submit" form={formId} loading={saving} disabled={!initialValues || !!loadError}>
            {okText}
          </Button>
        ),
      ]}
    >
      {notice}
      {body}
    </Modal>
  );
}
