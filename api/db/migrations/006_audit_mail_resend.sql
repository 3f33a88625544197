-- An admin may send a failed e-mail again (issue 13); the audit trail records who did, on the message itself.
alter table audit_log drop constraint audit_log_entity_type_check;
alter table audit_log add constraint audit_log_entity_type_check check (entity_type in ('booking', 'service', 'mail'));
alter table audit_log drop constraint audit_log_action_check;
alter table audit_log add constraint audit_log_action_check check (action in ('create', 'update', 'status', 'delete', 'resend'));
