-- Users' work email: lets the workflow recognise an employee's own user account (an employee
-- never approves their own run).
ALTER TABLE app_users ADD COLUMN email text;
CREATE UNIQUE INDEX app_users_email_idx ON app_users (lower(email));
