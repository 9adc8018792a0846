package notifications.delivery;

import org.springframework.context.annotation.Condition;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.util.StringUtils;

/** No SMTP server is configured ({@code spring.mail.host}, SPRING_MAIL_HOST, is empty). */
class NoMailHost implements Condition {

	@Override
	public boolean matches(ConditionContext context, AnnotatedTypeMetadata metadata) {
		return !StringUtils.hasText(context.getEnvironment().getProperty("spring.mail.host"));
	}
}
