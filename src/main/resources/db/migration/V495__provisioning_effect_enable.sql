-- An account created disabled until the employee's start date is enabled then by an effect of its
-- own; the same operation enables again what a revocation taken back had disabled.
ALTER TABLE provisioning_effects DROP CONSTRAINT provisioning_effects_operation_check;
ALTER TABLE provisioning_effects ADD CONSTRAINT provisioning_effects_operation_check
    CHECK (operation IN ('ensure', 'undo', 'disable', 'delete', 'enable'));
