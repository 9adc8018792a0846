/** Definitions: each tenant's JML process definitions and their ordered stages, copied from the global templates. */
package workflow.definition;
