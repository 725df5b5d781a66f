import { Form, Table, type FormListFieldData, type FormListOperation, type TableProps } from 'antd';

type Columns = NonNullable<TableProps<FormListFieldData>['columns']>;

interface FormListTableProps extends Omit<TableProps<FormListFieldData>, 'size' | 'rowKey' | 'pagination' | 'dataSource' | 'columns'> {
  /** The form field holding the lines. */
  name: string;
  /** The columns; each render gets the line's field (`field.name` indexes the watched lines). */
  columns: (list: FormListOperation) => Columns;
}

/** A form's list of lines shown as a small table without pages, one row per line. */
export function FormListTable({ name, columns, ...table }: FormListTableProps) {
  return (
    <Form.List name={name}>
      {(fields, list) => <Table size="small" rowKey="key" pagination={false} dataSource={fields} {...table} columns={columns(list)} />}
    </Form.List>
  );
}
