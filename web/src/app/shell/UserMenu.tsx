import { BellOutlined, DownOutlined, KeyOutlined, LaptopOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useNavigate } from 'react-router';

const items: MenuProps['items'] = [
  { key: '/user/change-password', icon: <KeyOutlined />, label: 'Cambiar Contraseña' },
  // Where the user is signed in, and ending any of those sessions (issue 26).
  { key: '/user/sesiones', icon: <LaptopOutlined />, label: 'Mis sesiones' },
  { key: '/user/seguridad', icon: <SafetyOutlined />, label: 'Seguridad' },
  // Which notifications also come by mail (issue 25).
  { key: '/user/notificaciones', icon: <BellOutlined />, label: 'Notificaciones' },
  { type: 'divider' },
  // Entering the login screen ends the session and drops every cached answer and list (PublicRoute).
  { key: '/login', icon: <LogoutOutlined />, label: 'Cerrar sesión' },
];

/** Spec 1 §2.2: the user's name with 'Cambiar Contraseña' and 'Cerrar sesión'. */
export function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <Dropdown menu={{ items, onClick: ({ key }) => void navigate(key) }} trigger={['click']} placement="bottomRight">
      <Button type="text" icon={<UserOutlined />} style={{ color: '#fff' }}>
        {name} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
