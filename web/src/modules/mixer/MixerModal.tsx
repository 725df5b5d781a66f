import { MixerModificar, MixerRegistrar } from '@obra/domain';
import { Col, Form, Input, Row, Select } from 'antd';
import { FormModal, modoProps } from '../../ui/FormModal';
import { useMixer, useModificarMixer, useRegistrarMixer, type Mixer, type MixerPayload } from './api';
import { limite } from '../../ui/inputs';

/** Which popup: Registrar, Ver (read-only) or Modificar Mixer (spec 3 §2 "Mixers"). */
export type MixerModo = 'registrar' | 'ver' | 'modificar';

const TITLES: Record<MixerModo, string> = { registrar: 'Registrar Mixer', ver: 'Ver Mixer', modificar: 'Modificar Mixer' };

interface FormValues {
  mix_id?: number;
  mix_nombre: string;
  mix_placa: string;
  mix_capacidad: string;
  est_id?: number;
  mix_version?: number;
}

const NUEVO: FormValues = { mix_nombre: '', mix_placa: '', mix_capacidad: '' };

interface MixerModalProps {
  modo: MixerModo;
  mixId: number | null;
  estados: { value: number; label: string }[];
  onClose: () => void;
}

const valores = (m: Mixer): FormValues => ({
  mix_id: m.mix_id, mix_nombre: m.mix_nombre, mix_placa: m.mix_placa, mix_capacidad: m.mix_capacidad, est_id: m.est_id, mix_version: m.mix_version,
});

/** The three mixer popups; a refused save (e.g. a plate already registered) keeps the values. */
export function MixerModal({ modo, mixId, estados, onClose }: MixerModalProps) {
  const mixer = useMixer(modo === 'registrar' ? null : mixId);
  const registrar = useRegistrarMixer();
  const modificar = useModificarMixer();
  const initial = modo === 'registrar' ? NUEVO : mixer.data && valores(mixer.data);

  const toPayload = ({ mix_id, est_id, mix_version, ...v }: FormValues) => ({
    mixer: modo === 'modificar' ? { mix_id, ...v, est_id, ...(mix_version !== undefined && { mix_version }) } : v,
  });
  const save = (p: MixerPayload) => (modo === 'modificar' ? modificar.mutateAsync(p) : registrar.mutateAsync(p));

  return (
    <FormModal<FormValues, MixerPayload>
      title={TITLES[modo]}
      width={600}
      initialValues={initial}
      schema={modo === 'modificar' ? MixerModificar : MixerRegistrar}
      toPayload={toPayload}
      at={['mixer']}
      onSave={save}
      {...modoProps(modo)}
      loadError={mixer.isError ? mixer.error.message : undefined}
      onClose={onClose}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item label="Nombre" name="mix_nombre" required={modo !== 'ver'}>
            <Input count={limite(100)} autoFocus autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Placa" name="mix_placa" required={modo !== 'ver'}>
            <Input maxLength={10} autoComplete="off" placeholder={modo === 'ver' ? undefined : 'ABC-123'} style={{ textTransform: 'uppercase' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Capacidad (m³)" name="mix_capacidad" required={modo !== 'ver'}>
            <Input maxLength={9} autoComplete="off" inputMode="decimal" placeholder={modo === 'ver' ? undefined : '8.00'} />
          </Form.Item>
        </Col>
        {modo !== 'registrar' && (
          <Col xs={24} md={12}>
            <Form.Item label="Estado" name="est_id" required={modo === 'modificar'}>
              <Select options={estados} />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormModal>
  );
}
