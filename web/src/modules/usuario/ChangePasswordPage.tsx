import { ChangePassword, MSG, PASSWORD_RULE } from '@obra/domain';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useSession } from '../../base/session';
import { checkForm } from '../../ui/checkForm';
import { PageHeader } from '../../ui/PageHeader';
import { toast } from '../../base/toast';
import { useLeaveGuard } from '../../ui/useLeaveGuard';
import { useChangePassword } from './api';

const required = [{ required: true, message: MSG.required }];

/** Spec 1 §2.5; the server checks the current password (DECISIONS §1) and answers a new token. */
export function ChangePasswordPage() {
  const [form] = Form.useForm<ChangePassword>();
  const change = useChangePassword();
  const email = useSession()?.usu_correo;
  // Typed passwords are not dropped by a stray menu click without asking.
  const [changed, setChanged] = useState(false);
  useLeaveGuard(changed);

  const onFinish = (values: ChangePassword) => {
    const body = checkForm(ChangePassword, values, form);
    if (!body) return;
    change.mutate(body, {
      onSuccess: (reply) => {
        toast.success(reply.message);
        form.resetFields();
        setChanged(false);
      },
    });
  };

  return (
    <>
      <PageHeader title="Cambiar Contraseña" />
      <Card style={{ maxWidth: 480 }}>
        <Form<ChangePassword> form={form} layout="vertical" requiredMark={false} onValuesChange={() => setChanged(true)} onFinish={onFinish}>
          {/* Lets password managers tie the new password to the account. */}
          <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
          <Form.Item label="Contraseña actual" name="password_actual" rules={required}>
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
          <Form.Item label="Nueva contraseña" name="password_nuevo" rules={required} extra={PASSWORD_RULE}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item label="Confirmar contraseña" name="password_confirmacion" rules={required}>
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Cambiar
          </Button>
        </Form>
      </Card>
    </>
  );
}
