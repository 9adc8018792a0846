package platform.web;

import java.beans.PropertyEditorSupport;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Applies {@link SafeText} to every String that Spring MVC binds from a request: form fields (the
 * form re-renders with the field error), query parameters, path variables and headers (a 400
 * naming the parameter). JSON bodies are checked by {@link SafeTextJson}.
 */
@ControllerAdvice
class SafeTextBinding {

	@InitBinder
	void safeText(WebDataBinder binder) {
		binder.registerCustomEditor(String.class, new Editor());
	}

	static final class Editor extends PropertyEditorSupport {

		@Override
		public void setAsText(String text) {
			SafeText.problem(text).ifPresent(problem -> {
				throw new IllegalArgumentException(problem);
			});
			setValue(text);
		}

		@Override
		public String getAsText() {
			Object value = getValue();
			return value == null ? "" : value.toString();
		}
	}
}
