import { UploadOutlined } from '@ant-design/icons';
import { Button, Flex, Progress, Upload } from 'antd';
import { useState } from 'react';
import { blobToDataUrl } from './files';
import { toast } from '../base/toast';

export interface ImageRule {
  types: readonly string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
}

interface ImageUploadProps {
  /** Set by Form.Item, so the field's label names the file input. */
  id?: string;
  /** The chosen file (a Form.Item value); it is sent by the screen, usually after saving. */
  value?: File | null;
  onChange?: (file: File | null) => void;
  /** The image already stored, shown until another file is chosen. */
  currentUrl?: string;
  /** Upload progress in percent while the file is being sent. */
  progress?: number;
  rule: ImageRule;
  alt: string;
}

/** Picks one image, checks type and size before anything is sent, and previews it. */
export function ImageUpload({ id, value, onChange, currentUrl, progress, rule, alt }: ImageUploadProps) {
  const [chosen, setChosen] = useState<{ file: File; url: string }>();
  const preview = chosen && chosen.file === value ? chosen.url : currentUrl;

  const pick = (file: File) => {
    if (!rule.types.includes(file.type)) toast.error(rule.typeMessage);
    else if (file.size > rule.maxBytes) toast.error(rule.sizeMessage);
    else
      void blobToDataUrl(file).then((url) => {
        setChosen({ file, url });
        onChange?.(file);
      });
    return false;
  };

  return (
    <Flex vertical gap={8} align="start">
      {preview && (
        <img src={preview} alt={alt} style={{ maxHeight: 120, maxWidth: '100%', padding: 4, border: '1px solid #f0f0f0', borderRadius: 8 }} />
      )}
      <Upload id={id} accept={rule.types.join(',')} beforeUpload={pick} showUploadList={false} maxCount={1}>
        <Button icon={<UploadOutlined />}>{preview ? 'Cambiar imagen' : 'Seleccionar imagen'}</Button>
      </Upload>
      {progress !== undefined && <Progress percent={progress} size="small" style={{ width: 240 }} />}
    </Flex>
  );
}
