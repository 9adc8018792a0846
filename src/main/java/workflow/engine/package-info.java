/** Engine: the Orchestrator port (start and signal, nothing to read) and the payloads it hands to the process. */
package workflow.engine;
