-- The employee's job title: approvers see it on the decision page (it travels in the HR events).
ALTER TABLE employees ADD COLUMN title text;
