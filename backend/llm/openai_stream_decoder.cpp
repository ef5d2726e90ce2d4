#include "llm/openai_stream_decoder.h"

#include "llm/llm_errors.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <climits>
#include <cmath>
#include <cstring>
#include <optional>

using namespace Qt::Literals::StringLiterals;

namespace zerg {
namespace {

constexpr qsizetype kQuoteChars = 200;

QString quote(const QString& text) {
    const QString t = text.simplified();
    return t.size() <= kQuoteChars ? t : t.left(kQuoteChars) + "..."_L1;
}

// A strict RFC 8259 reader over UTF-8 bytes that pulls out the few fields the decoder needs and
// skips everything else without building a document. QJsonDocument::fromJson builds a full DOM
// (every key and string converted to UTF-16) and was most of the decoding cost; this keeps
// decoding well above 100 MB/s. The rare paths (error chunks, arguments sent as an object, the
// message for invalid JSON) still use QJsonDocument.
class JsonReader {
public:
    static constexpr int kMaxDepth = 512;

    explicit JsonReader(QByteArrayView json) : m_p(json.data()), m_end(json.data() + json.size()) {}

    [[nodiscard]] bool ok() const { return m_ok; }
    bool fail() { return m_ok = false; }

    // Whitespace, then the first byte of the next value ('\0' at the end).
    char peek() {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
        return m_p < m_end ? *m_p : '\0';
    }
    [[nodiscard]] bool atEnd() { return peek() == '\0' && m_p == m_end; }
    [[nodiscard]] const char* position() const { return m_p; }

    // Calls fn(key) for each member of the object at the cursor; fn must consume the value.
    template <typename Fn>
    bool forEachMember(Fn&& fn) {
        if (peek() != '{' || !enter())
            return fail();
        ++m_p;
        if (peek() == '}') {
            ++m_p;
            return leave();
        }
        QByteArray keyBuffer;
        for (;;) {
            if (peek() != '"')
                return fail();
            QByteArrayView key;
            if (!readStringBytes(&key, &keyBuffer))
                return false;
            if (peek() != ':')
                return fail();
            ++m_p;
            if (!fn(key) || !m_ok)
                return fail();
            const char c = peek();
            ++m_p;
            if (c == '}')
                return leave();
            if (c != ',')
                return fail();
        }
    }

    // Calls fn(i) for each element of the array at the cursor; fn must consume the value.
    template <typename Fn>
    bool forEachElement(Fn&& fn) {
        if (peek() != '[' || !enter())
            return fail();
        ++m_p;
        if (peek() == ']') {
            ++m_p;
            return leave();
        }
        for (qsizetype i = 0;; ++i) {
            if (!fn(i) || !m_ok)
                return fail();
            const char c = peek();
            ++m_p;
            if (c == ']')
                return leave();
            if (c != ',')
                return fail();
        }
    }

    // A string value as text; any other value is skipped and gives an empty string (what
    // QJsonValue::toString() does).
    bool readText(QString* out) {
        out->clear();
        if (peek() != '"')
            return skip();
        QByteArrayView bytes;
        QByteArray buffer;
        if (!readStringBytes(&bytes, &buffer))
            return false;
        *out = QString::fromUtf8(bytes);
        return true;
    }

    // A number that is an integer (QJsonValue::toInteger); anything else is skipped and gives
    // std::nullopt.
    bool readInteger(std::optional<qint64>* out) {
        out->reset();
        const char c = peek();
        if (c != '-' && (c < '0' || c > '9'))
            return skip();
        const char* start = m_p;
        if (!skipNumber())
            return false;
        const QByteArray text(start, m_p - start);
        bool isInt = false;
        const qint64 v = text.toLongLong(&isInt);
        if (isInt) {
            *out = v;
            return true;
        }
        const double d = text.toDouble(&isInt);
        // The range check of QJsonValue::toInteger: exactly representable as qint64.
        if (isInt && std::trunc(d) == d && d >= -9007199254740992.0 && d <= 9007199254740992.0)
            *out = qint64(d);
        return true;
    }

    // Skips one value of any kind, checking that it is valid JSON.
    bool skip() {
        switch (peek()) {
            case '{':
                return forEachMember([this](QByteArrayView) { return skip(); });
            case '[':
                return forEachElement([this](qsizetype) { return skip(); });
            case '"': {
                QByteArrayView ignored;
                QByteArray buffer;
                return readStringBytes(&ignored, &buffer, /*decode=*/false);
            }
            case 't':
                return literal("true");
            case 'f':
                return literal("false");
            case 'n':
                return literal("null");
            default:
                return skipNumber();
        }
    }

    // The raw text of the value at the cursor, skipping it.
    bool rawValue(QByteArrayView* out) {
        peek();
        const char* start = m_p;
        if (!skip())
            return false;
        *out = QByteArrayView(start, m_p - start);
        return true;
    }

private:
    bool enter() { return ++m_depth <= kMaxDepth || fail(); }
    bool leave() {
        --m_depth;
        return true;
    }

    bool literal(const char* word) {
        const qsizetype n = qsizetype(std::strlen(word));
        if (m_end - m_p < n || std::memcmp(m_p, word, size_t(n)) != 0)
            return fail();
        m_p += n;
        return true;
    }

    bool skipNumber() {
        const char* p = m_p;
        auto digits = [&] {
            const char* s = p;
            while (p < m_end && *p >= '0' && *p <= '9')
                ++p;
            return p > s;
        };
        // QJsonDocument's grammar, which is looser than RFC 8259 in one place: either the
        // integer or the fraction digits may be missing ("1." and ".5"), not both.
        if (p < m_end && *p == '-')
            ++p;
        bool anyDigits = false;
        if (p < m_end && *p == '0') {
            ++p;
            anyDigits = true;
        } else {
            anyDigits = digits();
        }
        if (p < m_end && *p == '.') {
            ++p;
            anyDigits = digits() || anyDigits;
        }
        if (!anyDigits)
            return fail();
        bool exponent = false;
        if (p < m_end && (*p == 'e' || *p == 'E')) {
            exponent = true;
            ++p;
            if (p < m_end && (*p == '+' || *p == '-'))
                ++p;
            if (!digits())
                return fail();
        }
        // Like QJsonDocument, refuse a number that overflows a double or underflows to zero.
        if (exponent || p - m_p > 300) {
            bool ok = false;
            (void)QByteArray(m_p, p - m_p).toDouble(&ok);
            if (!ok)
                return fail();
        }
        m_p = p;
        return true;
    }

    static int hexValue(char c) {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    bool readHex4(char32_t* out) {
        if (m_end - m_p < 4)
            return fail();
        char32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const int h = hexValue(m_p[i]);
            if (h < 0)
                return fail();
            v = v * 16 + char32_t(h);
        }
        m_p += 4;
        *out = v;
        return true;
    }

    static void appendUtf8(QByteArray* out, char32_t c) {
        if (c < 0x80) {
            out->append(char(c));
        } else if (c < 0x800) {
            out->append(char(0xC0 | (c >> 6)));
            out->append(char(0x80 | (c & 0x3F)));
        } else if (c < 0x10000) {
            out->append(char(0xE0 | (c >> 12)));
            out->append(char(0x80 | ((c >> 6) & 0x3F)));
            out->append(char(0x80 | (c & 0x3F)));
        } else {
            out->append(char(0xF0 | (c >> 18)));
            out->append(char(0x80 | ((c >> 12) & 0x3F)));
            out->append(char(0x80 | ((c >> 6) & 0x3F)));
            out->append(char(0x80 | (c & 0x3F)));
        }
    }

    // The string at the cursor (which is at its opening quote) as UTF-8: a view into the input
    // when it has no escapes, else decoded into buffer. Raw control characters and unknown ASCII
    // escapes ("\\e" is "e") are accepted, as QJsonDocument accepts them.
    bool readStringBytes(QByteArrayView* out, QByteArray* buffer, bool decode = true) {
        const char* start = ++m_p;
        const char* p = start;
        while (p < m_end && *p != '"' && *p != '\\')
            ++p;
        if (p < m_end && *p == '"') {
            *out = QByteArrayView(start, p - start);
            m_p = p + 1;
            return true;
        }
        buffer->clear();
        if (decode)
            buffer->append(start, p - start);
        m_p = p;
        while (m_p < m_end) {
            const char c = *m_p++;
            if (c == '"') {
                *out = *buffer;
                return true;
            }
            if (c != '\\') {
                if (decode)
                    buffer->append(c);
                continue;
            }
            if (m_p >= m_end)
                return fail();
            const char e = *m_p++;
            char32_t u = 0;
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    u = char32_t(e);
                    break;
                case 'b':
                    u = '\b';
                    break;
                case 'f':
                    u = '\f';
                    break;
                case 'n':
                    u = '\n';
                    break;
                case 'r':
                    u = '\r';
                    break;
                case 't':
                    u = '\t';
                    break;
                case 'u': {
                    if (!readHex4(&u))
                        return false;
                    if (u >= 0xD800 && u < 0xDC00 && m_end - m_p >= 6 && m_p[0] == '\\' &&
                        m_p[1] == 'u') {
                        const char* save = m_p;
                        m_p += 2;
                        char32_t low = 0;
                        if (!readHex4(&low))
                            return false;
                        if (low >= 0xDC00 && low < 0xE000)
                            u = 0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00);
                        else
                            m_p = save;  // not a pair: the high half stands alone
                    }
                    if (u >= 0xD800 && u < 0xE000)
                        u = 0xFFFD;  // a lone surrogate has no UTF-8 form
                    break;
                }
                default:
                    // QJsonDocument reads an unknown ASCII escape as the character itself, and
                    // fails on a backslash before a multi-byte character; so do we.
                    if (static_cast<unsigned char>(e) >= 0x80)
                        return fail();
                    if (decode)
                        buffer->append(e);
                    continue;
            }
            if (decode)
                appendUtf8(buffer, u);
        }
        return fail();  // no closing quote
    }

    const char* m_p;
    const char* m_end;
    int m_depth = 0;
    bool m_ok = true;
};

}  // namespace

namespace detail {

// The fields of one chunk the decoder acts on.
struct ToolFragment {
    std::optional<qint64> index;
    QString id;
    QString name;
    QString arguments;
};
struct ChoiceFields {
    std::optional<qint64> index;
    QString finishReason;
    QString content;
    QString refusal;
    QList<ToolFragment> toolCalls;
};
struct ChunkFields {
    bool hasError = false;
    bool hasUsage = false;
    Usage usage;
    QList<ChoiceFields> choices;
};

}  // namespace detail

namespace {

using detail::ChoiceFields;
using detail::ChunkFields;
using detail::ToolFragment;

bool readFunction(JsonReader& r, ToolFragment* t) {
    if (r.peek() != '{')
        return r.skip();
    return r.forEachMember([&](QByteArrayView key) {
        if (key == "name")
            return r.readText(&t->name);
        if (key != "arguments")
            return r.skip();
        const char c = r.peek();
        if (c == '{') {  // some servers send the arguments as an object instead of a string
            QByteArrayView raw;
            if (!r.rawValue(&raw))
                return false;
            t->arguments = QString::fromUtf8(
                QJsonDocument::fromJson(raw.toByteArray()).toJson(QJsonDocument::Compact));
            return true;
        }
        return r.readText(&t->arguments);
    });
}

bool readToolCalls(JsonReader& r, QList<ToolFragment>* calls) {
    calls->clear();
    if (r.peek() != '[')
        return r.skip();
    return r.forEachElement([&](qsizetype) {
        ToolFragment& t = calls->emplace_back();
        if (r.peek() != '{')
            return r.skip();
        return r.forEachMember([&](QByteArrayView key) {
            if (key == "index")
                return r.readInteger(&t.index);
            if (key == "id")
                return r.readText(&t.id);
            if (key == "function") {
                t.name.clear();
                t.arguments.clear();
                return readFunction(r, &t);
            }
            return r.skip();
        });
    });
}

bool readDelta(JsonReader& r, ChoiceFields* c) {
    c->content.clear();
    c->refusal.clear();
    c->toolCalls.clear();
    if (r.peek() != '{')
        return r.skip();
    return r.forEachMember([&](QByteArrayView key) {
        if (key == "content")
            return r.readText(&c->content);
        if (key == "refusal")
            return r.readText(&c->refusal);
        if (key == "tool_calls")
            return readToolCalls(r, &c->toolCalls);
        return r.skip();
    });
}

bool readChoices(JsonReader& r, QList<ChoiceFields>* choices) {
    choices->clear();
    if (r.peek() != '[')
        return r.skip();
    return r.forEachElement([&](qsizetype) {
        ChoiceFields& c = choices->emplace_back();
        if (r.peek() != '{')
            return r.skip();
        return r.forEachMember([&](QByteArrayView key) {
            if (key == "index")
                return r.readInteger(&c.index);
            if (key == "finish_reason")
                return r.readText(&c.finishReason);
            if (key == "delta")
                return readDelta(r, &c);
            return r.skip();
        });
    });
}

bool readDetail(JsonReader& r, const char* name, std::optional<qint64>* out, bool* present) {
    out->reset();
    *present = false;
    if (r.peek() != '{')
        return r.skip();
    return r.forEachMember([&](QByteArrayView key) {
        if (key != name)
            return r.skip();
        *present = r.peek() != '"' && r.peek() != '{' && r.peek() != '[' && r.peek() != 't' &&
                   r.peek() != 'f' && r.peek() != 'n';  // a number (QJsonValue::isDouble)
        return r.readInteger(out);
    });
}

bool readUsage(JsonReader& r, Usage* usage) {
    std::optional<qint64> prompt, completion, cached, cacheHit, reasoning;
    bool cachedIsNumber = false;
    bool unused = false;
    const bool ok = r.forEachMember([&](QByteArrayView key) {
        if (key == "prompt_tokens")
            return r.readInteger(&prompt);
        if (key == "completion_tokens")
            return r.readInteger(&completion);
        if (key == "prompt_tokens_details")
            return readDetail(r, "cached_tokens", &cached, &cachedIsNumber);
        if (key == "completion_tokens_details")
            return readDetail(r, "reasoning_tokens", &reasoning, &unused);
        if (key == "prompt_cache_hit_tokens")
            return r.readInteger(&cacheHit);
        return r.skip();
    });
    *usage = Usage{};
    usage->promptTokens = prompt.value_or(0);
    usage->completionTokens = completion.value_or(0);
    usage->cachedTokens = cachedIsNumber ? cached.value_or(0) : cacheHit.value_or(0);
    usage->reasoningTokens = reasoning.value_or(0);
    return ok;
}

// Reads a chunk object. Returns false for invalid JSON or a value that is not an object.
bool readChunk(QByteArrayView json, ChunkFields* chunk) {
    if (json.startsWith("\xEF\xBB\xBF"))
        json = json.sliced(3);  // QJsonDocument skips a leading BOM too
    JsonReader r(json);
    if (r.peek() != '{')
        return false;
    const bool ok = r.forEachMember([&](QByteArrayView key) {
        if (key == "error") {
            chunk->hasError = r.peek() != 'n';  // "error": null is no error
            return r.skip();
        }
        if (key == "usage") {
            chunk->hasUsage = r.peek() == '{';
            if (!chunk->hasUsage)
                return r.skip();
            return readUsage(r, &chunk->usage);
        }
        if (key == "choices")
            return readChoices(r, &chunk->choices);
        return r.skip();
    });
    return ok && r.atEnd();
}

bool isDoneMarker(const QString& data) {
    return QStringView(data).trimmed() == "[DONE]"_L1;
}

}  // namespace

OpenAiStreamDecoder::OpenAiStreamDecoder(QString server) : m_server(std::move(server)) {}

QString OpenAiStreamDecoder::where() const {
    return m_server.isEmpty() ? QString() : tr(" at %1").arg(m_server);
}

QList<OpenAiStreamDecoder::Delta> OpenAiStreamDecoder::feed(QByteArrayView bytes) {
    QList<Delta> out;
    if (m_state != State::Streaming)
        return out;
    const QList<SseEvent> events = m_parser.feed(bytes);
    for (const SseEvent& e : events) {
        handleEvent(e, &out);
        if (m_state != State::Streaming)
            break;
    }
    if (m_state == State::Streaming && m_parser.hasFailed()) {
        fail(QString::fromLatin1(llm::errors::Protocol),
             tr("The LLM server%1 sent %2; Zerg stopped reading this answer. Try again; if it "
                "happens again, check that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.")
                 .arg(where(), m_parser.errorString()));
    }
    return out;
}

QList<OpenAiStreamDecoder::Delta> OpenAiStreamDecoder::feedEvent(const SseEvent& event) {
    QList<Delta> out;
    if (m_state == State::Streaming)
        handleEvent(event, &out);
    return out;
}

void OpenAiStreamDecoder::finish() {
    if (m_state != State::Streaming)
        return;
    // WHATWG drops an event without its blank line. A [DONE] cut off that way still says the
    // server finished (vercel's recorded Claude-behind-OpenAI stream ends "data: [DONE]\n").
    const std::optional<SseEvent> cutOff = m_parser.finish();
    if (cutOff && isDoneMarker(cutOff->data)) {
        ++m_eventCount;
        complete();
        return;
    }
    if (m_eventCount == 0) {
        fail(QString::fromLatin1(llm::errors::Protocol),
             tr("The LLM server%1 answered without any stream events. Check that ZERG_LLM_BASE_URL "
                "points at "
                "an OpenAI-compatible API that supports streaming.")
                 .arg(where()));
        return;
    }
    fail(QString::fromLatin1(llm::errors::Truncated),
         tr("The LLM server%1 closed the stream before it was complete (no [DONE] at the end), so "
            "the answer "
            "may be cut off. Try again.")
             .arg(where()));
}

void OpenAiStreamDecoder::handleEvent(const SseEvent& event, QList<Delta>* out) {
    if (event.data.isEmpty())
        return;
    ++m_eventCount;
    if (isDoneMarker(event.data)) {
        complete();
        return;
    }
    const QByteArray json = event.data.toUtf8();
    ChunkFields chunk;
    if (!readChunk(json, &chunk)) {
        // Invalid JSON is rare: let QJsonDocument say what is wrong and where.
        QJsonParseError err{};
        const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
        fail(QString::fromLatin1(llm::errors::Protocol),
             tr("The LLM server%1 sent a stream chunk that is not a JSON object (%2): %3. Check "
                "that ZERG_LLM_BASE_URL points at an OpenAI-compatible API.")
                 .arg(where(),
                      err.error != QJsonParseError::NoError
                          ? tr("%1 at offset %2").arg(err.errorString()).arg(err.offset)
                      : doc.isObject() ? tr("unreadable")
                                       : tr("not an object"),
                      quote(event.data)));
        return;
    }
    handleChunk(chunk, json, out);
}

void OpenAiStreamDecoder::handleChunk(const detail::ChunkFields& chunk, const QByteArray& json,
                                      QList<Delta>* out) {
    if (chunk.hasError) {
        const auto [type, message] = llm::errorTypeAndMessage(json);
        const QString code = llm::classifyStreamError(type, message);
        const QString said = quote(message.isEmpty() ? QString::fromUtf8(json) : message);
        QString hint;
        if (code == QLatin1String(llm::errors::ContextLength)) {
            hint =
                tr("The conversation is too long for this model: start a new conversation or "
                   "use a model with a larger context window.");
        } else if (code == QLatin1String(llm::errors::RateLimited)) {
            hint = tr("Wait a moment and try again, or check your plan's limits.");
        } else if (code == QLatin1String(llm::errors::Auth)) {
            hint = tr("Check the API key in ZERG_LLM_API_KEY.");
        } else {
            hint =
                tr("Try again; if it keeps failing, check the server's status and your "
                   "account.");
        }
        fail(code, tr("The LLM server%1 reported an error in the middle of the answer (%2). %3")
                       .arg(where(), said, hint));
        return;
    }

    if (chunk.hasUsage)
        m_usage = chunk.usage;

    for (const ChoiceFields& choice : chunk.choices) {
        if (choice.index.value_or(0) != 0)
            continue;
        if (!choice.finishReason.isEmpty())
            m_finishReason = choice.finishReason;
        QString text = choice.content;
        if (!text.isEmpty()) {
            m_sawContent = true;
        } else if (!m_sawContent) {
            text = choice.refusal;
        }
        if (!text.isEmpty()) {
            m_message.content.append(text);
            out->append({-1, text});
        }
        handleToolCalls(choice.toolCalls, out);
    }
}

void OpenAiStreamDecoder::handleToolCalls(const QList<detail::ToolFragment>& calls,
                                          QList<Delta>* out) {
    for (qsizetype i = 0; i < calls.size(); ++i) {
        const ToolFragment& c = calls[i];
        // A missing (or non-integer) index means the entry's place in its list.
        const qint64 index64 = c.index.value_or(i);
        const int index = index64 >= INT_MIN && index64 <= INT_MAX ? int(index64) : int(i);
        const QString& id = c.id;
        int position = m_positionOfIndex.value(index, -1);
        if (position >= 0 && !id.isEmpty() && !m_serverIds[position].isEmpty() &&
            m_serverIds[position] != id) {
            position = -1;  // the index is reused for another call
        }
        if (position < 0) {
            position = int(m_message.toolCalls.size());
            m_positionOfIndex.insert(index, position);
            m_message.toolCalls.append(ToolCall{});
            m_serverIds.append(QString());
        }
        ToolCall& call = m_message.toolCalls[position];
        if (!id.isEmpty()) {
            call.id = id;
            m_serverIds[position] = id;
        } else if (call.id.isEmpty()) {
            call.id = QStringLiteral("call_%1").arg(position);
        }
        if (!c.name.isEmpty())
            call.name = c.name;
        const QString& fragment = c.arguments;
        call.arguments.append(fragment);
        out->append({position, fragment});
    }
}

void OpenAiStreamDecoder::complete() {
    for (ToolCall& call : m_message.toolCalls) {
        if (call.arguments.trimmed().isEmpty())
            call.arguments = QStringLiteral("{}");
    }
    m_state = State::Done;
}

void OpenAiStreamDecoder::fail(const QString& code, const QString& message) {
    m_errorCode = code;
    m_errorString = message;
    m_state = State::Failed;
}

}  // namespace zerg
