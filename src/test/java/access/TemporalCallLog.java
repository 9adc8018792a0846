package access;

import java.lang.reflect.Field;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

import org.springframework.test.util.AopTestUtils;
import org.springframework.web.context.request.RequestAttributes;
import org.springframework.web.context.request.RequestContextHolder;
import org.springframework.web.context.request.ServletRequestAttributes;

import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.ClientInterceptor;
import io.grpc.MethodDescriptor;
import io.grpc.stub.AbstractStub;
import io.temporal.serviceclient.WorkflowServiceStubs;

/**
 * Every call the application makes to Temporal's workflow service while it is open: the gRPC
 * method, and the HTTP request being served on the calling thread, if any. The application's
 * stubs take interceptors only when they are built, and the test context is shared, so this wraps
 * the built stubs' blocking and future stubs (private fields of the SDK: every client call and
 * every worker poll asks the stubs for them anew) and puts them back on {@link #close()}. Only the
 * readiness probe's health check goes around them.
 */
final class TemporalCallLog implements AutoCloseable {

	/** One call: the gRPC method and the path of the HTTP request served on its thread (null: none). */
	record Call(String method, String httpRequest, String thread) {
	}

	private static final List<String> STUB_FIELDS = List.of("blockingStub", "futureStub");

	private final WorkflowServiceStubs stubs;
	private final Map<String, Object> originals = new TreeMap<>();
	private final List<Call> calls = new CopyOnWriteArrayList<>();

	private TemporalCallLog(WorkflowServiceStubs stubs) {
		this.stubs = stubs;
	}

	static TemporalCallLog open(WorkflowServiceStubs bean) throws ReflectiveOperationException {
		WorkflowServiceStubs stubs = unwrapped(AopTestUtils.getUltimateTargetObject(bean));
		TemporalCallLog log = new TemporalCallLog(stubs);
		ClientInterceptor recorder = new ClientInterceptor() {
			@Override
			public <Q, A> ClientCall<Q, A> interceptCall(MethodDescriptor<Q, A> method, CallOptions options, Channel next) {
				log.calls.add(new Call(method.getFullMethodName(), currentRequest(), Thread.currentThread().getName()));
				return next.newCall(method, options);
			}
		};
		for (String name : STUB_FIELDS) {
			Field field = field(stubs, name);
			AbstractStub<?> original = (AbstractStub<?>) field.get(stubs);
			log.originals.put(name, original);
			field.set(stubs, original.withInterceptors(recorder));
		}
		return log;
	}

	List<Call> calls() {
		return List.copyOf(calls);
	}

	/** The calls made while an HTTP request was served on the calling thread. */
	List<Call> duringHttpRequests() {
		return calls.stream().filter(call -> call.httpRequest() != null).toList();
	}

	/** How many calls of each method. */
	Map<String, Long> byMethod() {
		Map<String, Long> counts = new TreeMap<>();
		calls.forEach(call -> counts.merge(call.method().substring(call.method().lastIndexOf('/') + 1), 1L, Long::sum));
		return counts;
	}

	@Override
	public void close() throws ReflectiveOperationException {
		for (Map.Entry<String, Object> original : originals.entrySet()) {
			field(stubs, original.getKey()).set(stubs, original.getValue());
		}
	}

	/** The SDK hands out its stubs behind a JDK proxy that keeps workflow threads off them: the stubs behind it. */
	private static WorkflowServiceStubs unwrapped(WorkflowServiceStubs stubs) throws IllegalAccessException {
		if (!Proxy.isProxyClass(stubs.getClass())) {
			return stubs;
		}
		InvocationHandler handler = Proxy.getInvocationHandler(stubs);
		for (Field field : handler.getClass().getDeclaredFields()) {
			field.setAccessible(true);
			if (field.get(handler) instanceof WorkflowServiceStubs target) {
				return unwrapped(target);
			}
		}
		throw new IllegalStateException("No stubs behind " + handler.getClass().getName());
	}

	private static String currentRequest() {
		RequestAttributes attributes = RequestContextHolder.getRequestAttributes();
		if (attributes instanceof ServletRequestAttributes servlet) {
			return servlet.getRequest().getMethod() + " " + servlet.getRequest().getRequestURI();
		}
		return null;
	}

	private static Field field(Object owner, String name) throws NoSuchFieldException {
		Field field;
		try {
			field = owner.getClass().getDeclaredField(name);
		}
		catch (NoSuchFieldException e) {
			throw new NoSuchFieldException(owner.getClass().getName() + "." + name);
		}
		field.setAccessible(true);
		return field;
	}
}
