package io.gleaner.schemas.serde;

/**
 * A schema registry refused a request or could not be reached. Carries the HTTP status, Confluent's
 * {@code error_code} and the registry's own message.
 */
public class SchemaRegistryException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Status (and error code) when no registry answered at all. */
    public static final int NO_RESPONSE = -1;
    /** Error code: the subject is not registered. */
    public static final int SUBJECT_NOT_FOUND = 40401;
    /** Error code: the subject has no such version. */
    public static final int VERSION_NOT_FOUND = 40402;
    /** Error code: no schema with that id, or the schema is not registered under the subject. */
    public static final int SCHEMA_NOT_FOUND = 40403;
    /** Error code: the schema does not parse (or is of a type the registry does not take). */
    public static final int INVALID_SCHEMA = 42201;
    /** Error code: the version is neither a positive number nor {@code latest}. */
    public static final int INVALID_VERSION = 42202;
    /** Error code: the registry could not write to its store. */
    public static final int STORE_ERROR = 50001;
    /** Status: the registry limits the rate of requests and asks the client to come back later. */
    public static final int TOO_MANY_REQUESTS = 429;

    private final int status;
    private final int errorCode;
    private final String registryMessage;

    /**
     * @param status          HTTP status, or {@link #NO_RESPONSE}
     * @param errorCode       Confluent's {@code error_code}; the status when the answer carried none
     * @param registryMessage the registry's {@code message}
     */
    public SchemaRegistryException(int status, int errorCode, String registryMessage) {
        this(status, errorCode, registryMessage, null);
    }

    public SchemaRegistryException(int status, int errorCode, String registryMessage, Throwable cause) {
        super(registryMessage + "; error code: " + errorCode, cause);
        this.status = status;
        this.errorCode = errorCode;
        this.registryMessage = registryMessage;
    }

    /** The HTTP status of the answer, or {@link #NO_RESPONSE}. */
    public int status() {
        return status;
    }

    /**
     * Whether asking again later may succeed: no registry answered, or one answered that it cannot serve the request
     * now (5xx, or {@link #TOO_MANY_REQUESTS}). Any other status is the registry's answer about the request itself
     * (a 404 for an unknown subject, a 422 for an invalid schema) and stays the same however often it is asked.
     */
    public boolean isTransient() {
        return status == NO_RESPONSE || status == TOO_MANY_REQUESTS || status >= 500;
    }

    /** Confluent's {@code error_code}, e.g. {@link #SCHEMA_NOT_FOUND}. */
    public int errorCode() {
        return errorCode;
    }

    /** The registry's {@code message}, as it sent it. */
    public String registryMessage() {
        return registryMessage;
    }
}
