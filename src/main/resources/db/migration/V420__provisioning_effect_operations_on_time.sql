-- Effects that act on time: a leaver's revocation disables the accounts the employee holds on a
-- target (at the end of the last day), and deletes them N days after the disable applied.
ALTER TABLE provisioning_effects DROP CONSTRAINT provisioning_effects_operation_check;
ALTER TABLE provisioning_effects ADD CONSTRAINT provisioning_effects_operation_check
    CHECK (operation IN ('ensure', 'undo', 'disable', 'delete'));
